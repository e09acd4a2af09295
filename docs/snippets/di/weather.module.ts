import { Module } from 'elicitor';
import { AuditInterceptor } from './audit.interceptor.js';
import { AuditTrail } from './audit-trail.service.js';
import { CallerDescription, UNITS, WEATHER_API_URL, WeatherClient } from './weather.services.js';
import { WeatherTools } from './weather.tools.js';

@Module({
  tools: [WeatherTools],
  providers: [
    WeatherClient, // a class: a singleton bound to itself
    AuditTrail,
    { provide: WEATHER_API_URL, useValue: 'https://weather.example.com' },
    { provide: UNITS, useFactory: () => process.env.WEATHER_UNITS ?? 'metric' },
    { provide: CallerDescription, useClass: CallerDescription, scope: 'request' },
  ],
  interceptors: [AuditInterceptor], // around every handler of this module's tools
})
export class WeatherModule {}
