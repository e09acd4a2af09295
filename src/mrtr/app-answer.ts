/**
 * Where `elicitor_answer` puts the app's answer on the re-run call's params: a symbol, so no JSON a client
 * sends can carry it. The re-run model settles it under the key the previous round showed.
 */
export const APP_ANSWER = Symbol('elicitor.appAnswer');

/** The answer an app sent: an elicitation result. */
export interface AppAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}
