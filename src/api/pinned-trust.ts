import { X509Certificate } from "node:crypto";
import { isIP } from "node:net";
import { type ConnectionOptions, type DetailedPeerCertificate, type TLSSocket, connect } from "node:tls";
import { clip } from "./errors.js";

/**
 * Trust in a CA file, checked by ccx rather than by OpenSSL's store.
 *
 * Why: any OpenSSL-verified connection in Node 20 first loads the whole
 * root store, bundled roots and NODE_EXTRA_CA_CERTS (often the whole system
 * bundle again): 25 ms and more, which alone would put `ccx call` over its
 * budget. With a CA file there is nothing to gain from that store, so the
 * handshake runs with an empty one and the peer's chain is checked here,
 * before the HTTP request (and its apikey header) is handed the socket:
 * every link signed by the next and valid now, ending at a certificate signed
 * by (or equal to) a CA of the file, and the leaf naming the host.
 */

export function loadAuthorities(pems: string[]): X509Certificate[] {
  return pems.flatMap((pem) => pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [])
    .map((block) => new X509Certificate(block));
}

function validNow(cert: X509Certificate, now: number): boolean {
  return Date.parse(cert.validFrom) <= now && now <= Date.parse(cert.validTo);
}

/** Why the peer is not trusted, or undefined when it is. */
export function verifyPeer(socket: TLSSocket, host: string, authorities: X509Certificate[], now = Date.now()): string | undefined {
  const chain: X509Certificate[] = [];
  let cert = socket.getPeerX509Certificate();
  if (!cert) return "the server sent no certificate";
  // The chain as sent: the leaf, then its issuers, as long as each names the next.
  let link: DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
  while (link?.raw && chain.length < 8) {
    chain.push(new X509Certificate(link.raw));
    const next: DetailedPeerCertificate | undefined = link.issuerCertificate;
    link = next && next.raw && !next.raw.equals(link.raw) ? next : undefined;
  }
  if (chain.length === 0) chain.push(cert);
  cert = chain[0]!;
  const named = isIP(host) ? cert.checkIP(host) : cert.checkHost(host);
  // The names are the server's text, and a certificate can carry hundreds: clipped.
  if (!named) return `the certificate is not for ${host} (it names ${clip(cert.subjectAltName ?? cert.subject, 200)})`;
  for (let i = 0; i < chain.length; i++) {
    const link = chain[i]!;
    if (!validNow(link, now)) return `a certificate in the chain is not valid now (valid ${link.validFrom} to ${link.validTo})`;
    const anchor = authorities.find((ca) => ca.fingerprint256 === link.fingerprint256 || (ca.ca && link.checkIssued(ca) && link.verify(ca.publicKey)));
    if (anchor) return validNow(anchor, now) ? undefined : "the trusted CA's certificate is not valid now";
    const issuer = chain[i + 1];
    if (!issuer || !issuer.ca || !link.checkIssued(issuer) || !link.verify(issuer.publicKey)) break;
  }
  return "the certificate is not signed by the CA ccx was told to trust (--ca / CCX_CA_FILE)";
}

/**
 * A TLS connection for an https.Agent whose socket is handed over only once
 * the peer is verified: until then, no byte of the request is written.
 *
 * Why the handshake has its own timeout and `destroyPending`: until the socket
 * is handed over, the request does not own it, so neither the request's abort
 * (its timeout) nor the agent's destroy() reaches it. A server that accepts
 * the connection and never finishes the handshake would otherwise hang the
 * request for ever and keep the process alive after it gave up.
 */
export function connectVerified(authorities: X509Certificate[], handshakeTimeoutMs: number) {
  const pending = new Set<TLSSocket>();
  const createConnection = (options: ConnectionOptions & { host?: string; servername?: string }, done: (error: Error | null, socket?: TLSSocket) => void): undefined => {
    const host = options.servername || options.host || "localhost";
    const socket = connect({ ...options, ca: [], rejectUnauthorized: false, servername: isIP(host) ? undefined : host });
    pending.add(socket);
    const timedOut = () => fail(Object.assign(new Error(`no TLS handshake within ${handshakeTimeoutMs / 1000} s`), { code: "ETIMEDOUT" }));
    const closed = () => fail(Object.assign(new Error("the server closed the connection during the TLS handshake"), { code: "ECONNRESET" }));
    const release = () => {
      pending.delete(socket);
      socket.setTimeout(0);
      socket.removeListener("timeout", timedOut).removeListener("close", closed).removeListener("error", fail);
    };
    function fail(error: Error) {
      release();
      socket.destroy();
      done(error);
    }
    socket.setTimeout(handshakeTimeoutMs, timedOut);
    socket.once("error", fail);
    socket.once("close", closed);
    socket.once("secureConnect", () => {
      release();
      const problem = verifyPeer(socket, host, authorities);
      if (problem) return fail(Object.assign(new Error(problem), { code: "CERT_UNTRUSTED" }));
      done(null, socket);
    });
    return undefined;
  };
  return {
    createConnection,
    /** Ends the handshakes still under way (the transport is closing). */
    destroyPending: () => {
      for (const socket of pending) socket.destroy();
      pending.clear();
    },
  };
}
