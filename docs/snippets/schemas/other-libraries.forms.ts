import { type } from 'arktype';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';

/** Valibot: wrapped once, so Elicitor can ask it for its JSON Schema. */
export const ValibotRoomForm = toStandardJsonSchema(
  v.pipe(
    v.object({
      room: v.pipe(
        v.union([
          v.pipe(v.literal('single'), v.title('Single room')),
          v.pipe(v.literal('double'), v.title('Double room')),
        ]),
        v.title('Room'),
      ),
      checkIn: v.pipe(v.string(), v.isoDate()),
      guests: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
      breakfast: v.optional(v.boolean(), false),
      extras: v.array(v.picklist(['spa', 'parking'])),
    }),
    v.title('RoomForm'),
  ),
);

/** ArkType: titles, formats and defaults the JSON Schema should carry go in `configure`. */
export const ArkTypeRoomForm = type({
  room: type("'single'")
    .configure({ title: 'Single room' })
    .or(type("'double'").configure({ title: 'Double room' })),
  checkIn: type('string.date.iso').configure({ format: 'date' }),
  guests: '1 <= number.integer <= 4',
  'breakfast?': type('boolean').configure({ default: false }),
  extras: "('spa' | 'parking')[]",
}).configure({ title: 'RoomForm' });
