/** Where a refused return address sends the browser instead: the app's home. */
export const SAFE_RETURN_FALLBACK = '/';

// Browsers delete ASCII tab, LF and CR anywhere in a URL and trim C0 controls and spaces from both ends before they
// parse it (the WHATWG URL parser), so `/\t/evil.example` is navigated to as `//evil.example`: the rule judges
// what the browser will see, not what was written.
const REMOVED_ANYWHERE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const TRIMMED = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
/** Longer return addresses are refused: they travel in cookies and headers, which browsers cap at a few KB. */
export const SAFE_RETURN_MAX_LENGTH = 2048;
/** A path of this site: one slash, then anything but a second slash or a backslash (both read as another host). */
const OWN_PATH = /^\/(?![/\\])/;

/**
 * The one rule for a return address (`?return=` of the sign-in page, the OpenID Connect flow's): answers the path to
 * go to (pathname, search and hash) when `target` is a path of the site at `ownOrigin`, else `fallback`. Accepts
 * only a path (a single leading `/`); after removing what browsers remove, the address must resolve to `ownOrigin`
 * itself, and the answer must again read as a path (`/.//evil` resolves to the path `//evil`, which a browser
 * would take as another host) of at most SAFE_RETURN_MAX_LENGTH characters.
 */
export function safeReturnPath(target: unknown, ownOrigin: string, fallback: string = SAFE_RETURN_FALLBACK): string {
  if (typeof target !== 'string') return fallback;
  const cleaned = target.replace(REMOVED_ANYWHERE, '').replace(TRIMMED, '');
  if (!OWN_PATH.test(cleaned)) return fallback;
  let own: string;
  let url: URL;
  try {
    own = new URL(ownOrigin).origin;
    url = new URL(cleaned, own);
  } catch {
    return fallback;
  }
  if (own === 'null' || url.origin !== own) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return OWN_PATH.test(path) && path.length <= SAFE_RETURN_MAX_LENGTH ? path : fallback;
}
