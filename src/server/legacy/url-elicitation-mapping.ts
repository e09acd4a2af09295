import { flatRandomUUID } from '../../shared/flat-random-uuid.js';
import type { UrlElicitationRequiredError } from '../../errors/url-elicitation-required.error.js';

/** `data.elicitations` of a URL-elicitation-required error: URL-mode params, each with an elicitationId. */
export function toLegacyUrlElicitations(
  error: UrlElicitationRequiredError,
): Array<{ mode: 'url'; elicitationId: string; url: string; message: string }> {
  return error.elicitations.map((spec) => ({
    mode: 'url',
    elicitationId: spec.elicitationId ?? flatRandomUUID(),
    url: spec.url,
    message: spec.message,
  }));
}
