import { Type } from '@mikro-orm/core';
import type { LocationResult } from './entities/run.js';
import { decodeLocationResults, encodeLocationResults } from './location-results-codec.js';

/** Maps a run's results to their compact text form in the `results` column and back. */
export class LocationResultsType extends Type<LocationResult[], string> {
  override convertToDatabaseValue(value: LocationResult[]): string {
    return encodeLocationResults(value);
  }

  override convertToJSValue(value: string | LocationResult[]): LocationResult[] {
    return typeof value === 'string' ? decodeLocationResults(value) : value;
  }

  override getColumnType(): string {
    return 'text';
  }

  override compareAsType(): string {
    return 'string';
  }
}
