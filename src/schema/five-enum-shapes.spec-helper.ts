import type { JsonSchema } from './json-schema.js';

/** The form of a class with one field of each of the five enum shapes, however the fields declare them. */
export const FIVE_ENUM_SHAPES_FORM: JsonSchema = {
  type: 'object',
  properties: {
    env: { type: 'string', enum: ['dev', 'prod'], default: 'dev' },
    region: {
      type: 'string',
      oneOf: [
        { const: 'eu', title: 'Europe' },
        { const: 'us', title: 'United States' },
      ],
    },
    colors: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['red', 'green', 'blue'] },
      default: ['red'],
    },
    channels: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'a', title: 'Alpha' },
          { const: 'b', title: 'Beta' },
        ],
      },
    },
    size: { type: 'string', enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large'] },
  },
  required: ['region', 'channels', 'size'],
};
