import axios from 'axios';
import { Client, Environment, OAuthAuthorizationController, OrdersController, PaymentsController } from '@paypal/paypal-server-sdk';
import type { Config } from '../../config.ts';

export interface Paypal {
  orders: OrdersController;
  /** Captured payments (refunds of overpayments). */
  payments: PaymentsController;
  /** A client token for the JS SDK (`data-client-token`). */
  clientToken(): Promise<string>;
  clientId: string;
}

const API = { sandbox: 'https://api-m.sandbox.paypal.com', production: 'https://api-m.paypal.com' };

/**
 * PayPal's server SDK when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set, else null (PayPal is not offered).
 * The SDK has no base-URL option: PAYPAL_API_URL (a local stand-in in tests) is reached through an axios adapter
 * that rewrites PayPal's origin to it and hands the request to axios's own HTTP adapter.
 */
export function paypalClient(c: Config): Paypal | null {
  if (!c.PAYPAL_CLIENT_ID || !c.PAYPAL_CLIENT_SECRET) return null;
  const origin = API[c.PAYPAL_ENVIRONMENT];
  const standIn = c.PAYPAL_API_URL?.replace(/\/$/, '');
  const http = axios.getAdapter('http');
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: c.PAYPAL_CLIENT_ID, oAuthClientSecret: c.PAYPAL_CLIENT_SECRET },
    environment: c.PAYPAL_ENVIRONMENT === 'production' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    ...(standIn
      ? {
          unstable_httpClientOptions: {
            adapter: (config: { url?: string }) => http({ ...config, url: config.url?.replace(origin, standIn) } as never),
          },
        }
      : {}),
  });
  const oauth = new OAuthAuthorizationController(client);
  const basic = Buffer.from(`${c.PAYPAL_CLIENT_ID}:${c.PAYPAL_CLIENT_SECRET}`).toString('base64');
  return {
    orders: new OrdersController(client),
    payments: new PaymentsController(client),
    clientId: c.PAYPAL_CLIENT_ID,
    async clientToken() {
      const { result } = await oauth.requestToken(
        { authorization: `Basic ${basic}` },
        { intent: 'sdk_init', response_type: 'client_token' },
      );
      return result.accessToken;
    },
  };
}
