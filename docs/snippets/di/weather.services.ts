import { inject, injectable } from 'inversify';
import { Context } from 'elicitor';

/** Tokens for values that are not classes. */
export const WEATHER_API_URL = Symbol('weather-api-url');
export const UNITS = Symbol('units');

/** A singleton: created once at bootstrap, shared by every request. */
@injectable()
export class WeatherClient {
  lookups = 0;

  constructor(@inject(WEATHER_API_URL) readonly baseUrl: string) {}

  async forecast(city: string): Promise<{ summary: string; high: number }> {
    this.lookups++; // a real client would call `${this.baseUrl}/forecast?city=...`
    return { summary: `Sunny in ${city}`, high: 24 };
  }
}

/** Request-scoped: one per MCP request, so it may depend on that request's Context. */
@injectable()
export class CallerDescription {
  constructor(private readonly ctx: Context) {}

  describe(): string {
    return `${this.ctx.clientInfo?.name ?? 'an unnamed client'} on ${this.ctx.protocolVersion}`;
  }
}
