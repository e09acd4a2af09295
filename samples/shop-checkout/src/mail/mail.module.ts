import { Module } from 'elicitor';
import { ReceiptMailer } from './receipt-mailer.service.js';

@Module({ providers: [ReceiptMailer], exports: [ReceiptMailer] })
export class MailModule {}
