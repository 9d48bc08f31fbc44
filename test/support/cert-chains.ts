import "reflect-metadata";
import { webcrypto } from "node:crypto";
import * as x509 from "@peculiar/x509";

/**
 * Certificate chains made to break one rule of a TLS server certificate at a
 * time (a root, an optional intermediate, a leaf for 127.0.0.1), so that the
 * client is seen to refuse each; with no option set, a chain that is good.
 */
export interface ChainOptions {
  /** The leaf's extended key usage (default serverAuth). */
  leafEku?: string[];
  /** The leaf's key usage (default digitalSignature). */
  leafKu?: number;
  /** An intermediate CA between the root and the leaf. */
  intermediate?: boolean;
  /** The intermediate's basic constraints say it is no CA. */
  intermediateNotCa?: boolean;
  /** The intermediate's key usage (default keyCertSign). */
  intermediateKu?: number;
  /** The root's path length constraint (default none). */
  rootPathLength?: number;
}

export interface Chain {
  rootPem: string;
  /** The leaf, then the intermediate if any: what the server sends. */
  chainPem: string;
  keyPem: string;
}

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const DAY_MS = 86_400_000;
let serial = 1;

export const KU = x509.KeyUsageFlags;
export const EKU = x509.ExtendedKeyUsage;

export async function makeChain(options: ChainOptions = {}): Promise<Chain> {
  x509.cryptoProvider.set(webcrypto as Crypto);
  const notBefore = new Date(Date.now() - DAY_MS);
  const notAfter = new Date(Date.now() + 30 * DAY_MS);
  const keys = () => webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const rootKeys = await keys();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: String(serial++).padStart(2, "0"), name: `CN=ccx test root ${serial}`, notBefore, notAfter, keys: rootKeys, signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, options.rootPathLength, true),
      new x509.KeyUsagesExtension(KU.keyCertSign | KU.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  let issuer = { cert: root, keys: rootKeys };
  const sent: x509.X509Certificate[] = [];
  if (options.intermediate) {
    const midKeys = await keys();
    const mid = await x509.X509CertificateGenerator.create({
      serialNumber: String(serial++).padStart(2, "0"), subject: `CN=ccx test intermediate ${serial}`, issuer: root.subject, notBefore, notAfter,
      signingKey: rootKeys.privateKey, publicKey: midKeys.publicKey, signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(!options.intermediateNotCa, undefined, true),
        new x509.KeyUsagesExtension(options.intermediateKu ?? KU.keyCertSign | KU.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(midKeys.publicKey),
        await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey),
      ],
    });
    sent.push(mid);
    issuer = { cert: mid, keys: midKeys };
  }
  const leafKeys = await keys();
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: String(serial++).padStart(2, "0"), subject: "CN=127.0.0.1", issuer: issuer.cert.subject, notBefore, notAfter,
    signingKey: issuer.keys.privateKey, publicKey: leafKeys.publicKey, signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.SubjectAlternativeNameExtension([{ type: "ip", value: "127.0.0.1" }]),
      new x509.ExtendedKeyUsageExtension(options.leafEku ?? [EKU.serverAuth]),
      new x509.KeyUsagesExtension(options.leafKu ?? KU.digitalSignature, true),
      await x509.AuthorityKeyIdentifierExtension.create(issuer.keys.publicKey),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey("pkcs8", leafKeys.privateKey);
  return {
    rootPem: root.toString("pem"),
    chainPem: [leaf, ...sent].map((c) => c.toString("pem")).join("\n"),
    keyPem: x509.PemConverter.encode(pkcs8, "PRIVATE KEY"),
  };
}
