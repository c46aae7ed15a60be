import test from 'ava';
import { certificateChange, sameCertificate } from '../../src/domain/certificate-change.js';

const original = { fingerprintSha256: 'AB:CD:EF:01', serialNumber: '0A1B' };

test('the first sighting of a certificate is not a change', (t) => {
  t.deepEqual(certificateChange(null, original), []);
});

test('the same certificate seen again is not a change, whatever the printing of its identifiers', (t) => {
  t.deepEqual(certificateChange(original, { ...original }), []);
  t.deepEqual(certificateChange(original, { fingerprintSha256: 'abcdef01', serialNumber: 'a1b' }), []);
  t.deepEqual(certificateChange(original, { fingerprintSha256: 'ab:cd:ef:01', serialNumber: '0a:1b' }), []);
  t.true(sameCertificate(original, { fingerprintSha256: 'abcdef01', serialNumber: 'FFFF' }));
});

test('a new certificate changes fingerprint and serial', (t) => {
  t.deepEqual(certificateChange(original, { fingerprintSha256: '12:34:56:78', serialNumber: '0C' }), ['fingerprint', 'serial']);
  t.false(sameCertificate(original, { fingerprintSha256: '12:34:56:78', serialNumber: '0A1B' }));
});

test('a certificate re-issued with the same serial still changes its fingerprint', (t) => {
  t.deepEqual(certificateChange(original, { fingerprintSha256: '12:34:56:78', serialNumber: '0A1B' }), ['fingerprint']);
});

test('a serial that differs alone is reported as a serial change', (t) => {
  t.deepEqual(certificateChange(original, { fingerprintSha256: original.fingerprintSha256, serialNumber: '0A1C' }), ['serial']);
  t.deepEqual(certificateChange({ ...original, serialNumber: '00' }, { ...original, serialNumber: '0' }), [], 'zero stays zero');
});
