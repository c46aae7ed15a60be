import { ApiError } from './api-error.js';

/**
 * The protobuf request bodies kubectl's typed clients send (`kubectl create namespace|configmap|secret`),
 * decoded to the JSON the rest of the server works with. Only these kinds and only the fields a
 * client sets are read; any other protobuf body is refused with 415 and a hint to use JSON.
 */
export const PROTOBUF = 'application/vnd.kubernetes.protobuf';

type Field = { number: number; wire: number; value: bigint | Uint8Array };

function varint(bytes: Uint8Array, at: { offset: number }): bigint {
  let result = 0n;
  for (let shift = 0n; ; shift += 7n) {
    if (at.offset >= bytes.length) throw new Error('truncated varint');
    const byte = bytes[at.offset++]!;
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return result;
  }
}

function fields(bytes: Uint8Array): Field[] {
  const found: Field[] = [];
  const at = { offset: 0 };
  while (at.offset < bytes.length) {
    const key = Number(varint(bytes, at));
    const [number, wire] = [key >>> 3, key & 7];
    if (wire === 0) found.push({ number, wire, value: varint(bytes, at) });
    else if (wire === 2) {
      const length = Number(varint(bytes, at));
      if (at.offset + length > bytes.length) throw new Error('truncated field');
      found.push({ number, wire, value: bytes.subarray(at.offset, at.offset + length) });
      at.offset += length;
    } else if (wire === 1 || wire === 5) at.offset += wire === 1 ? 8 : 4;
    else throw new Error(`unsupported wire type ${wire}`);
  }
  return found;
}

const text = (value: Field['value']) => Buffer.from(value as Uint8Array).toString('utf8');
const all = (message: Field[], number: number) => message.filter((field) => field.number === number);
const one = (message: Field[], number: number) => all(message, number).at(-1);
/** A string field; Go writes empty strings for unset ones, which JSON would omit. */
const stringOf = (message: Field[], number: number) => {
  const field = one(message, number);
  return field && text(field.value) !== '' ? text(field.value) : undefined;
};
const boolOf = (message: Field[], number: number) => {
  const field = one(message, number);
  return field ? field.value !== 0n : undefined;
};

/** A map<string, V> field: entries with key 1 and value 2. */
function mapOf(message: Field[], number: number, value: (bytes: Uint8Array) => string): Record<string, string> | undefined {
  const entries = all(message, number).map((field) => fields(field.value as Uint8Array));
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map((entry) => [stringOf(entry, 1) ?? '', value((one(entry, 2)?.value as Uint8Array) ?? new Uint8Array())]));
}

const utf8 = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function objectMeta(bytes: Uint8Array): Record<string, unknown> {
  const message = fields(bytes);
  const owners = all(message, 13).map((field) => {
    const owner = fields(field.value as Uint8Array);
    return { apiVersion: stringOf(owner, 5), kind: stringOf(owner, 1), name: stringOf(owner, 3), uid: stringOf(owner, 4), controller: boolOf(owner, 6), blockOwnerDeletion: boolOf(owner, 7) };
  });
  const finalizers = all(message, 14).map((field) => text(field.value));
  const meta: Record<string, unknown> = {
    name: stringOf(message, 1),
    generateName: stringOf(message, 2),
    namespace: stringOf(message, 3),
    resourceVersion: stringOf(message, 6),
    labels: mapOf(message, 11, utf8),
    annotations: mapOf(message, 12, utf8),
    ownerReferences: owners.length > 0 ? owners : undefined,
    finalizers: finalizers.length > 0 ? finalizers : undefined,
  };
  return JSON.parse(JSON.stringify(meta)) as Record<string, unknown>;
}

const KINDS: Record<string, (message: Field[]) => Record<string, unknown>> = {
  Namespace: () => ({}),
  ConfigMap: (message) => ({ data: mapOf(message, 2, utf8), binaryData: mapOf(message, 3, base64), immutable: boolOf(message, 4) }),
  Secret: (message) => ({ data: mapOf(message, 2, base64), type: stringOf(message, 3), stringData: mapOf(message, 4, utf8), immutable: boolOf(message, 5) }),
};

const unsupported = (detail: string) =>
  new ApiError(415, 'UnsupportedMediaType', `${detail}: this test server reads protobuf bodies only for ${Object.keys(KINDS).join(', ')}; send JSON (kubectl apply -f) instead`);

/** The JSON object of a `k8s\0`-prefixed runtime.Unknown protobuf body. */
export function decodeProtobuf(body: Buffer): Record<string, unknown> {
  if (body.subarray(0, 4).toString('latin1') !== 'k8s\0') throw unsupported('the protobuf body has no k8s envelope');
  try {
    const envelope = fields(body.subarray(4));
    const typeMeta = fields((one(envelope, 1)?.value as Uint8Array) ?? new Uint8Array());
    const [apiVersion, kind] = [stringOf(typeMeta, 1), stringOf(typeMeta, 2)];
    const decode = kind === undefined ? undefined : KINDS[kind];
    if (apiVersion !== 'v1' || !decode) throw unsupported(`protobuf ${apiVersion ?? '?'} ${kind ?? '?'}`);
    const raw = fields((one(envelope, 2)?.value as Uint8Array) ?? new Uint8Array());
    const metadata = objectMeta((one(raw, 1)?.value as Uint8Array) ?? new Uint8Array());
    return JSON.parse(JSON.stringify({ apiVersion, kind, metadata, ...decode(raw) })) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, 'BadRequest', `the protobuf body could not be decoded: ${(error as Error).message}`);
  }
}
