import "reflect-metadata"; // @peculiar/x509 (through tsyringe) needs the Reflect metadata API
import { webcrypto } from "node:crypto";
import * as x509 from "@peculiar/x509";

export interface Certificates {
  /** The CA that signed the server certificate: what clients trust (`--ca`). */
  caPem: string;
  certPem: string;
  keyPem: string;
}

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const DAY_MS = 86_400_000;

/**
 * A throwaway CA and a server certificate for 127.0.0.1, ::1 and localhost,
 * made at every start: no private key is ever stored in the repository.
 */
export interface CertificateOptions {
  /** Names the server certificate is for: IP addresses or DNS names. */
  hosts?: string[];
  /** Validity of the server certificate, in days from now (negative: already expired). */
  validFromDays?: number;
  validToDays?: number;
}

export async function generateCertificates(options: CertificateOptions = {}): Promise<Certificates> {
  x509.cryptoProvider.set(webcrypto as Crypto);
  const notBefore = new Date(Date.now() - DAY_MS);
  const notAfter = new Date(Date.now() + 30 * DAY_MS);
  const hosts = options.hosts ?? ["127.0.0.1", "::1", "localhost"];
  const caKeys = await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: webcrypto.getRandomValues(new Uint8Array(8)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "01"),
    name: "CN=ccx emulator CA",
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      // Key identifiers: CAs of the same name (one per emulator) in one file are told apart by them, as OpenSSL does.
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const serverKeys = await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: "02",
    subject: `CN=${hosts[0]}`,
    issuer: ca.subject,
    notBefore: options.validFromDays === undefined ? notBefore : new Date(Date.now() + options.validFromDays * DAY_MS),
    notAfter: options.validToDays === undefined ? notAfter : new Date(Date.now() + options.validToDays * DAY_MS),
    signingKey: caKeys.privateKey,
    publicKey: serverKeys.publicKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.SubjectAlternativeNameExtension(hosts.map((host) => ({ type: /^[\d.:]+$/.test(host) ? ("ip" as const) : ("dns" as const), value: host }))),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey("pkcs8", serverKeys.privateKey);
  return { caPem: ca.toString("pem"), certPem: cert.toString("pem"), keyPem: x509.PemConverter.encode(pkcs8, "PRIVATE KEY") };
}
