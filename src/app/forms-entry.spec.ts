import 'reflect-metadata';
import { Length } from 'class-validator';
import { z } from 'zod';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { Module } from '../decorators/module.decorator.js';
import { listAppForms, pickAppOptions, pickRootModule } from './forms-entry.js';

@ElicitSchema({ title: 'Feedback', description: 'Tell us how it went' })
class FeedbackForm {
  @Field() @Length(1, 500) comment!: string;
}

@ElicitSchema()
export class LoadedOnlyForm {
  @Field() rating!: boolean;
}

const app = { name: 'shop', version: '1.0.0', tools: [] };

describe('pickAppOptions', () => {
  it('takes the named export, else appModule, else the only options-shaped export', () => {
    expect(pickAppOptions({ shop: app, other: 1 }, 'shop')).toBe(app);
    expect(pickAppOptions({ appModule: app, other: { ...app } })).toBe(app);
    expect(pickAppOptions({ shopModule: app, VERSION: '1' })).toBe(app);
  });

  it('says what is wrong when the choice is not clear', () => {
    expect(() => pickAppOptions({ shop: app }, 'missing')).toThrow(
      'the module has no export "missing" with the app options (name, tools)',
    );
    expect(() => pickAppOptions({ VERSION: '1' })).toThrow(
      'the module exports no root @Module class and no app options',
    );
    expect(() => pickAppOptions({ a: app, b: { ...app } })).toThrow(
      'the module exports several app options (a, b); choose one with --export',
    );
  });
});

describe('pickRootModule', () => {
  @Module({})
  class AppModule {}
  @Module({})
  class ShopModule {}

  it('takes the named @Module class, else AppModule, else the only one', () => {
    expect(pickRootModule({ ShopModule, AppModule }, 'ShopModule')).toBe(ShopModule);
    expect(pickRootModule({ ShopModule, AppModule })).toBe(AppModule);
    expect(pickRootModule({ ShopModule, VERSION: '1' })).toBe(ShopModule);
  });

  it('leaves options objects and unclear choices to pickAppOptions', () => {
    expect(pickRootModule({ appModule: app })).toBeUndefined();
    expect(pickRootModule({ ShopModule, Other: ShopModule.bind(null) }, 'appModule')).toBeUndefined();
    expect(pickRootModule({ A: ShopModule, B: AppModule })).toBeUndefined();
  });
});

describe('listAppForms', () => {
  it('lists the forms in `forms` first, then every other loaded form, with texts and exact schemas', () => {
    const listing = listAppForms({ ...app, forms: [FeedbackForm] });
    expect(listing.app).toStrictEqual({ name: 'shop', version: '1.0.0' });
    expect(listing.forms).toStrictEqual([
      {
        name: 'FeedbackForm',
        title: 'Feedback',
        description: 'Tell us how it went',
        schema: {
          type: 'object',
          properties: { comment: { type: 'string', minLength: 1, maxLength: 500 } },
          required: ['comment'],
        },
      },
      {
        name: 'LoadedOnlyForm',
        schema: { type: 'object', properties: { rating: { type: 'boolean' } }, required: ['rating'] },
      },
    ]);
  });
});

describe('listAppForms with a Standard Schema form', () => {
  it('lists it under its title with the exact schema a client receives', () => {
    const RoomForm = z
      .object({ checkIn: z.iso.date(), guests: z.number().int().min(1).max(4) })
      .meta({ title: 'RoomForm', description: 'Which room?' });
    const listing = listAppForms({ ...app, forms: [RoomForm] });
    expect(listing.forms[0]).toStrictEqual({
      name: 'RoomForm',
      title: 'RoomForm',
      description: 'Which room?',
      schema: {
        type: 'object',
        properties: {
          checkIn: { type: 'string', format: 'date' },
          guests: { type: 'integer', minimum: 1, maximum: 4 },
        },
        required: ['checkIn', 'guests'],
      },
    });
  });
});
