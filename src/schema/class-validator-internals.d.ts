// class-validator 0.15 ships no typings for its CommonJS files: these two are what its `validate` and
// `validateSync` call, imported one by one so a bundle keeps only them (see class-validator-calls.adapter.ts).
declare module 'class-validator/cjs/container.js' {
  export { getFromContainer } from 'class-validator/types/container.js';
}
declare module 'class-validator/cjs/validation/Validator.js' {
  export { Validator } from 'class-validator/types/validation/Validator.js';
}
