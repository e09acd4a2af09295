import { Module } from 'elicitor';
import { AuditLog } from './audit-log.service.js';

/** The audit trail; a module that lists `AuditInterceptor` in its `interceptors` imports this one. */
@Module({ providers: [AuditLog], exports: [AuditLog] })
export class AuditModule {}
