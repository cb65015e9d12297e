import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * TRUST_PROXY (docs/architecture.md#operations, docs/decisions/250): `false` (the default) trusts
 * no proxy, `true` every peer, a list (`127.0.0.1,10.0.0.0/8`, or proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`) the peers at those addresses. Handed to Fastify's documented
 * `trustProxy`, which then takes the client's address (`request.ip`) from `X-Forwarded-For`.
 * Fastify 5 refuses a bare hop count: it cannot check the immediate peer.
 */
export type ProxyTrust = boolean | string[];

/** Parses the variable's text; throws a TypeError naming a bad address. */
export function parseProxyTrust(text: string): ProxyTrust {
  const value = text.trim().toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  if (/^\d+$/.test(value)) {
    throw new TypeError('a hop count cannot check who the proxy is; name its address');
  }
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (list.length === 0) throw new TypeError('TRUST_PROXY names no address');
  proxyAddr.compile(list); // throws "invalid IP address: ..." on a bad entry
  return list;
}

/** Whether the peer this request came from directly is a proxy we trust. */
export function peerIsTrusted(trust: ProxyTrust): (request: IncomingMessage) => boolean {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  const trusted = proxyAddr.compile(trust);
  return (request) => {
    const peer = request.socket.remoteAddress;
    return peer !== undefined && trusted(peer, 0);
  };
}

/** A request id the proxy may hand over: a short token, safe in a header and a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Fastify's documented `genReqId`: the proxy's `X-Request-Id` when the peer is a trusted proxy
 * and the value is a safe token, else a fresh random UUID. A client talking to the API directly
 * cannot choose the id its log lines carry.
 */
export function requestIdGenerator(trust: ProxyTrust): (request: IncomingMessage) => string {
  const trusted = peerIsTrusted(trust);
  return (request) => {
    const given = request.headers['x-request-id'];
    if (typeof given === 'string' && SAFE_REQUEST_ID.test(given) && trusted(request)) return given;
    return randomUUID();
  };
}
