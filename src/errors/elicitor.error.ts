/** Base of every error Elicitor raises on purpose; `code` is stable and documented. */
export class ElicitorError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
