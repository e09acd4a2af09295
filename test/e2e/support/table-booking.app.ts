import 'reflect-metadata';
import { IsInt, Length, Max, Min } from 'class-validator';
import { Context, Ctx, ElicitRequestParams, ElicitSchema, Elicitor, Field, Tool, Tools } from 'elicitor';
import type { ElicitorApp } from 'elicitor';

@ElicitSchema()
export class PartyForm {
  @Field({ title: 'How many people' }) @IsInt() @Min(1) @Max(12) size!: number;
}

@ElicitSchema()
export class GuestForm {
  @Field({ title: 'Name for the booking' }) @Length(1, 40) name!: string;
}

/** Holds a call open until a test lets it finish. */
export class Gate {
  private release!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.release = resolve));
  open(): void {
    this.release();
  }
}

/** One tool that asks twice: two rounds on 2026-07-28, two pushed questions on 2025-11-25. */
@Tools()
export class TableTools {
  constructor(private readonly gate: Gate) {}

  @Tool({ description: 'Books a table, asking for the party size and then a name' })
  async bookTable(@Ctx() ctx: Context): Promise<string> {
    const party = (
      await ctx.elicit('party', ElicitRequestParams.form('How many people?').withSchema(PartyForm))
    ).content();
    if (!party) return 'No booking made.';
    const guest = (
      await ctx.elicit(
        'guest',
        ElicitRequestParams.form(`A table for ${party.size}: under which name?`).withSchema(GuestForm),
      )
    ).content();
    if (!guest) return 'No booking made.';
    return `Booked a table for ${party.size} under ${guest.name}.`;
  }

  @Tool({ description: 'Counts down with progress notifications, which need a streamed response' })
  async countdown(@Ctx() ctx: Context): Promise<string> {
    for (let step = 1; step <= 3; step++) await ctx.progress(step, 3);
    return 'Lift-off.';
  }

  @Tool({ description: 'Reports progress, then waits for the gate to open' })
  async waitForGate(@Ctx() ctx: Context): Promise<string> {
    await ctx.progress(1, 2);
    await this.gate.opened;
    return 'The gate opened.';
  }
}

export interface RecordingLogger {
  info(): void;
  warn(): void;
  error(message: string, error?: unknown): void;
  errors: string[];
}

/** A logger that keeps error lines, so a test can see what an operator would read. */
export function recordingLogger(): RecordingLogger {
  const errors: string[] = [];
  return {
    errors,
    info() {},
    warn() {},
    error(message, error) {
      errors.push(`${message}: ${error instanceof Error ? error.message : String(error)}`);
    },
  };
}

export function createTableApp(logger: RecordingLogger = recordingLogger()): Promise<ElicitorApp> {
  return Elicitor.create({
    name: 'tables',
    version: '1.0.0',
    tools: [TableTools],
    providers: [Gate],
    forms: [PartyForm, GuestForm],
    requestState: { keys: ['mount-handlers-test-secret-000001'] },
    logger,
  });
}

/** The answers a person would give, recording each question asked. */
export function guestAnswers(asked: string[]) {
  return (params: Record<string, unknown>) => {
    const message = String(params.message);
    asked.push(message);
    return message === 'How many people?'
      ? { action: 'accept', content: { size: 4 } }
      : { action: 'accept', content: { name: 'Ada' } };
  };
}
