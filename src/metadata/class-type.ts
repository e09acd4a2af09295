/** A constructor; the explicit class lists Elicitor is built from are made of these. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ClassType<T = unknown> = new (...args: any[]) => T;
