import type { Config } from '../config.ts';

/** Addresses that `localhost` reaches on the server's own machine: loopback, or every interface. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '0.0.0.0', '::']);

/**
 * The address admins open (the start-up banner, links in mails): PUBLIC_URL, else the address
 * the server listens on, named `localhost` when that reaches it. Passkeys belong to PUBLIC_URL's
 * host and, unset, to `localhost` (docs/decisions/229, 321): at `127.0.0.1` the browser refuses
 * them, so the address printed and mailed by default is the one passkeys work at.
 */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = LOCAL_HOSTS.has(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}
