import { Module } from 'elicitor';
import { SeatChoice, SeatTools } from './seats.tools.js';
import { BoardingPassUi, SeatMapUi } from './seats.ui.js';

@Module({ tools: [SeatTools], forms: [SeatChoice], ui: [SeatMapUi, BoardingPassUi] })
export class SeatsModule {}
