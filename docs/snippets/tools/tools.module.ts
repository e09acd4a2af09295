import { Module } from 'elicitor';
import { ForecastTools } from './forecast.tools.js';
import { ResultTools } from './results.tools.js';

@Module({ tools: [ForecastTools, ResultTools] })
export class ToolsGuideModule {}
