import { domainToUnicode } from 'node:url';

export interface UrlTarget {
  href: string;
  /** Host (and port when not the default), undefined for an unparsable URL. */
  domain?: string;
  /** Reasons to look twice before opening it. */
  warnings: string[];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What a user should see before consenting to open a URL a server sent. */
export function describeUrlTarget(href: string): UrlTarget {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { href, warnings: ['this is not a valid URL'] };
  }
  const warnings: string[] = [];
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    warnings.push('not HTTPS: the page is not encrypted');
  else if (url.protocol !== 'https:' && url.protocol !== 'http:')
    warnings.push(`uses ${url.protocol} instead of https:`);
  if (url.username || url.password) warnings.push('the URL carries a user name before the domain');
  if (url.hostname.split('.').some((label) => label.startsWith('xn--'))) {
    warnings.push(`the domain is internationalised; it reads as ${domainToUnicode(url.hostname)}`);
  }
  return { href: url.href, domain: url.host, warnings };
}
