/** A stand-in for real token verification (a JWT library, an introspection endpoint...). */
const USERS_BY_TOKEN = new Map([
  ['token-ada', 'ada'],
  ['token-grace', 'grace'],
]);

export function verifyToken(token: string): string | undefined {
  return USERS_BY_TOKEN.get(token);
}
