import { inject } from 'inversify';
import { Length } from 'class-validator';
import { Args, Field, Tool, Tools, UseInterceptors } from 'elicitor';
import { TimeoutInterceptor } from './timeout.interceptor.js';
import { CallerDescription, UNITS, WeatherClient } from './weather.services.js';

export class ForecastArgs {
  @Field({ description: 'City name' }) @Length(1, 60) city!: string;
}

@Tools() // resolved from a fresh child container on every request
export class WeatherTools {
  constructor(
    private readonly weather: WeatherClient,
    private readonly caller: CallerDescription,
    @inject(UNITS) private readonly units: string,
  ) {}

  @Tool({ description: 'The forecast for a city' })
  @UseInterceptors(new TimeoutInterceptor(5_000))
  async forecast(@Args() args: ForecastArgs): Promise<string> {
    const { summary, high } = await this.weather.forecast(args.city);
    return `${summary}, high of ${high} ${this.units === 'metric' ? '°C' : '°F'} (asked by ${this.caller.describe()})`;
  }
}
