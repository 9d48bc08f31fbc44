import { isIP } from "node:net";
import { type ConnectionOptions, type PeerCertificate, type TLSSocket, connect } from "node:tls";
import { clip } from "./errors.js";

/**
 * Trust in a CA file (`--ca`), as `curl --cacert` trusts one: OpenSSL checks
 * the peer against those CAs only (the chain, its validity, what a TLS server
 * certificate must be: extended key usage serverAuth, key usage, the CAs'
 * basic constraints and path lengths), and Node checks the host name. Before,
 * ccx checked the chain itself, to spare OpenSSL's root store; measured, with
 * the `ca` option OpenSSL costs about 1 ms more where NODE_EXTRA_CA_CERTS is
 * set and about 20 ms where it is not, for `--ca` users alone (the start-up
 * budget is taken without `--ca`), and OpenSSL knows every rule.
 *
 * The connection is made here for the https.Agent, and handed over only once
 * the handshake is verified: until then no byte of the request is written.
 * Why the handshake has its own timeout and `destroyPending`: until the socket
 * is handed over the request does not own it, so neither the request's abort
 * (its timeout) nor the agent's destroy() reaches it; a server that never
 * finishes the handshake would otherwise hang the request for ever.
 */

/** The certificates of PEM texts, each as its own PEM block. */
function certificateBlocks(pems: string[]): string[] {
  return pems.flatMap((pem) => pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []);
}

/** OpenSSL's and Node's verdicts, in the words ccx uses (the code follows in the message). */
function refusal(error: NodeJS.ErrnoException & { cert?: PeerCertificate }, host: string): string {
  switch (error.code) {
    case "ERR_TLS_CERT_ALTNAME_INVALID":
      // The names are the server's text, and a certificate can carry hundreds: clipped.
      return `the certificate is not for ${host} (it names ${clip(error.cert?.subjectaltname ?? JSON.stringify(error.cert?.subject ?? {}), 200)})`;
    case "CERT_HAS_EXPIRED":
    case "CERT_NOT_YET_VALID":
      return `a certificate in the chain is not valid now${error.cert ? ` (valid ${error.cert.valid_from} to ${error.cert.valid_to})` : ""}`;
    case "INVALID_PURPOSE":
      // OpenSSL says it of the leaf (its extended key usage or key usage) and of a CA (its basic constraints).
      return "a certificate in the chain is not for this use (a TLS server's key usages, or a CA's constraints)";
    case "INVALID_CA":
    case "PATH_LENGTH_EXCEEDED":
    case "KEYUSAGE_NO_CERTSIGN":
      return "a certificate in the chain signs others without being allowed to (basic constraints, key usage or path length)";
    case "UNABLE_TO_VERIFY_LEAF_SIGNATURE":
    case "UNABLE_TO_GET_ISSUER_CERT":
    case "UNABLE_TO_GET_ISSUER_CERT_LOCALLY":
    case "SELF_SIGNED_CERT_IN_CHAIN":
    case "DEPTH_ZERO_SELF_SIGNED_CERT":
    case "CERT_SIGNATURE_FAILURE":
      return "the certificate is not signed by the CA ccx was told to trust (--ca / CCX_CA_FILE)";
    default:
      return `the certificate was refused (${clip(error.message, 200)})`;
  }
}

export function connectVerified(authorities: string[], handshakeTimeoutMs: number) {
  const ca = certificateBlocks(authorities);
  const pending = new Set<TLSSocket>();
  const createConnection = (options: ConnectionOptions & { host?: string; servername?: string }, done: (error: Error | null, socket?: TLSSocket) => void): undefined => {
    const host = options.servername || options.host || "localhost";
    const socket = connect({ ...options, ca, rejectUnauthorized: true, servername: isIP(host) ? undefined : host });
    pending.add(socket);
    const timedOut = () => fail(Object.assign(new Error(`no TLS handshake within ${handshakeTimeoutMs / 1000} s`), { code: "ETIMEDOUT" }));
    const closed = () => fail(Object.assign(new Error("the server closed the connection during the TLS handshake"), { code: "ECONNRESET" }));
    const refused = (error: NodeJS.ErrnoException & { cert?: PeerCertificate }) => {
      // A verdict on the certificate is named as one (pattern read by http.ts): it is not retried. Node
      // names some of OpenSSL's verdicts UNSPECIFIED (a CA's key usage without keyCertSign): by their words.
      if (error.code === "UNSPECIFIED" && /key usage does not include certificate signing/.test(error.message)) error.code = "KEYUSAGE_NO_CERTSIGN";
      const certificate = /CERT|SELF_SIGNED|UNABLE_TO|INVALID_PURPOSE|INVALID_CA|PATH_LENGTH|KEYUSAGE/.test(error.code ?? "");
      fail(certificate ? Object.assign(new Error(refusal(error, host)), { code: `CERT_UNTRUSTED (${error.code})` }) : error);
    };
    const release = () => {
      pending.delete(socket);
      socket.setTimeout(0);
      socket.removeListener("timeout", timedOut).removeListener("close", closed).removeListener("error", refused);
    };
    function fail(error: Error) {
      release();
      socket.destroy();
      done(error);
    }
    socket.setTimeout(handshakeTimeoutMs, timedOut);
    socket.once("error", refused);
    socket.once("close", closed);
    socket.once("secureConnect", () => {
      release();
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
