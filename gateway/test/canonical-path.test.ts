import { describe, expect, it } from 'vitest';
import { pathProblem } from '../src/modules/web/canonical-path.ts';

describe('pathProblem', () => {
  it.each([
    '/',
    '/api/customers',
    '/api/customers/', // one trailing slash: the routers ignore it
    '/api/customers/42',
    '/api/customers?search=%27%20or%201%3D1%20--&limit=5', // the query string is not judged
    '/api/customers?x=/../%2F%61;\\', // …whatever it holds
    '/api/invoices/AbC-_09xYz/public', // base64url tokens and logo keys
    '/api/logos/Zm9vYmFy_-',
    '/api/paypal/order/5O190127TN364715T/capture',
    '/api/v1/invoices/12',
    '/invoices/5/edit',
    '/pay/tok_123',
    '/payment/success?invoice=a%2Fb',
    '/files/report%20march.pdf', // a space has to be encoded
    '/caf%C3%A9', // so has a non-ASCII character
    "/a/b:c@d!$&'()*+,=~.-_", // what RFC 3986 lets a segment hold as it is, but `;`
    '/a/file.name/..x/.x',
  ])('%s is canonical', (url) => {
    expect(pathProblem(url)).toBeUndefined();
  });

  it.each([
    ['/%61pi/customers/1', 'an unreserved character is percent-encoded'],
    ['/api/cust%6Fmers', 'an unreserved character is percent-encoded'],
    ['/api/cust%6fmers', 'an unreserved character is percent-encoded'],
    ['/api/customers/%31', 'an unreserved character is percent-encoded'],
    ['/api/%7Ex', 'an unreserved character is percent-encoded'],
    ['/api%2Fcustomers/1', 'an encoded separator or percent sign'],
    ['/api%2fcustomers/1', 'an encoded separator or percent sign'],
    ['/api%5Ccustomers/1', 'an encoded separator or percent sign'],
    ['/api/customers%3B/1', 'an encoded separator or percent sign'],
    ['/api/customers%3F/1', 'an encoded separator or percent sign'],
    ['/api/customers%23/1', 'an encoded separator or percent sign'],
    ['/%2561pi/customers/1', 'an encoded separator or percent sign'],
    ['/api/%2E/customers', 'an unreserved character is percent-encoded'],
    ['/api/%2e%2e/customers', 'an unreserved character is percent-encoded'],
    ['/api/./customers', 'dot segment'],
    ['/api/x/../customers', 'dot segment'],
    ['/api/customers/..', 'dot segment'],
    ['/api/customers/.', 'dot segment'],
    ['//api/customers', 'empty path segment (//)'],
    ['/api//customers', 'empty path segment (//)'],
    ['/api/customers//', 'empty path segment (//)'],
    ['/api;x=1/customers', 'a character that must not appear in a path'],
    ['/api/customers;jsessionid=1', 'a character that must not appear in a path'],
    ['/api\\customers', 'a character that must not appear in a path'],
    ['/api/customers/1#x', 'a character that must not appear in a path'],
    ['/api/customers/a b', 'a character that must not appear in a path'],
    ['/api/customers/\u0000', 'a character that must not appear in a path'],
    ['/api/caf\u00e9', 'a character that must not appear in a path'],
    ['/api/customers/%00', 'an encoded control character'],
    ['/api/customers/%0A', 'an encoded control character'],
    ['/api/customers/%7F', 'an encoded control character'],
    ['/api/customers/%C2%85', 'an encoded control character'], // U+0085, a C1 control
    ['/caf%c3%a9', 'percent-encoding must use upper-case hex digits'],
    ['/api/%zz', 'invalid percent-encoding'],
    ['/api/%4', 'invalid percent-encoding'],
    ['/api/%C3', 'percent-encoding that is not UTF-8'],
    ['/api/%FF', 'percent-encoding that is not UTF-8'],
    ['http://localhost/api/customers/1', 'it must start with /'],
    ['*', 'it must start with /'],
    ['', 'it must start with /'],
  ])('%s is refused: %s', (url, problem) => {
    expect(pathProblem(url)).toBe(problem);
  });

  it('keeps a multi-byte character whose continuation byte looks like a C1 control (ą is %C4%85)', () => {
    expect(pathProblem('/x/%C4%85')).toBeUndefined();
  });
});
