import * as client from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '@billpoint/kit';
import { safeReturnPath } from '@billpoint/proto';
import { ownOrigin } from './return-address.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** http://host/api/callback is derived from the request unless a public URL is configured. */
  publicUrl?: string;
}

const FLOW_COOKIE = 'bp_oidc';

/** Authorization-code flow with PKCE against the configured OpenID Connect provider (openid-client). */
export class Oidc {
  readonly #s: OidcSettings;
  readonly #log: Logger;
  #config: Promise<client.Configuration> | undefined;

  constructor(s: OidcSettings, log: Logger) {
    this.#s = s;
    this.#log = log;
  }

  #discover() {
    this.#config ??= client
      .discovery(new URL(this.#s.issuer), this.#s.clientId, this.#s.clientSecret, undefined, {
        execute: new URL(this.#s.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        this.#config = undefined;
        throw err;
      });
    return this.#config;
  }

  #redirectUri(req: FastifyRequest) {
    const base = this.#s.publicUrl ?? `${req.protocol}://${req.host}`;
    return new URL('/api/callback', base).toString();
  }

  /** Sends the browser to the provider; `returnTo` (a path of this site, already checked) is where the flow ends. */
  async start(req: FastifyRequest, reply: FastifyReply, returnTo: string) {
    const config = await this.#discover();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.#redirectUri(req),
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    reply.setCookie(FLOW_COOKIE, JSON.stringify({ verifier, state, returnTo }), {
      path: '/api/callback',
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      signed: true,
      maxAge: 600,
    });
    return reply.redirect(url.toString());
  }

  /**
   * Completes the flow; answers the provider's claims and where to go now, or null when the callback is not valid.
   * The return address is judged again on the way out (the same rule), whatever the cookie says.
   */
  async finish(req: FastifyRequest, reply: FastifyReply) {
    const raw = req.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, { path: '/api/callback' });
    const unsigned = raw ? req.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) return null;
    const { verifier, state, returnTo } = JSON.parse(unsigned.value) as { verifier: string; state: string; returnTo?: unknown };
    const config = await this.#discover();
    const current = new URL(req.url, this.#redirectUri(req));
    try {
      const tokens = await client.authorizationCodeGrant(config, current, { pkceCodeVerifier: verifier, expectedState: state });
      const claims = tokens.claims();
      if (!claims?.sub || typeof claims.email !== 'string') return null;
      return {
        claims: {
          sub: String(claims.sub),
          email: claims.email,
          firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
          lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
          picture: typeof claims.picture === 'string' ? claims.picture : undefined,
          // The standard claim of the user's IANA time zone (e.g. Europe/Paris), when the provider knows it.
          zoneinfo: typeof claims.zoneinfo === 'string' ? claims.zoneinfo : undefined,
        },
        returnTo: safeReturnPath(returnTo, ownOrigin(req)),
      };
    } catch (err) {
      this.#log.warn({ err }, 'OpenID Connect callback refused');
      return null;
    }
  }
}
