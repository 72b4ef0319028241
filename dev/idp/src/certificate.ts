import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'selfsigned';
import { replaceFile } from './state-files.ts';

export type TlsCertificate = {
  /** PEM file to trust: `NODE_EXTRA_CA_CERTS=<certPath>` for Node, `ca` for an undici Agent. */
  certPath: string;
  keyPath: string;
  cert: string;
  key: string;
};

const VALID_DAYS = 730;
/** Made again this long before it expires, so a long-running demo never meets an expired one. */
const RENEW_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function stillUsable(cert: string, key: string): boolean {
  try {
    const x509 = new X509Certificate(cert);
    return (
      x509.checkPrivateKey(createPrivateKey(key)) &&
      x509.checkHost('localhost') !== undefined &&
      x509.checkIP('127.0.0.1') !== undefined &&
      new Date(x509.validTo).getTime() - Date.now() > RENEW_BEFORE_MS
    );
  } catch {
    return false;
  }
}

/**
 * The directory provider's self-signed TLS certificate (CN and SAN localhost, SAN 127.0.0.1 and
 * ::1), made on first start in `stateDir` and reused while it is valid.
 */
export async function ensureCertificate(stateDir: string): Promise<TlsCertificate> {
  const certPath = path.join(stateDir, 'cert.pem');
  const keyPath = path.join(stateDir, 'key.pem');
  const [cert, key] = await Promise.all([readIfPresent(certPath), readIfPresent(keyPath)]);
  if (cert && key && stillUsable(cert, key)) return { certPath, keyPath, cert, key };

  const made = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + VALID_DAYS * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  // The key first: a reader that sees the new certificate also finds its key.
  await replaceFile(keyPath, made.private);
  await replaceFile(certPath, made.cert);
  return { certPath, keyPath, cert: made.cert, key: made.private };
}
