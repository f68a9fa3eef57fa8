import { describe, expect, it } from 'vitest';
import {
  confidenceTone,
  formatConfidence,
  formatLatLng,
  formatRadius,
  openStreetMapUrl,
  outcomeText,
  userErrorFor,
} from './format';

describe('confidence badge', () => {
  it('is green at 80% or more, amber below, red only for error outcomes', () => {
    expect(confidenceTone(0.8)).toBe('ok');
    expect(confidenceTone(0.97, 'found')).toBe('ok');
    expect(confidenceTone(0.7999)).toBe('warm');
    expect(confidenceTone(0.3, 'fallback')).toBe('warm');
    expect(confidenceTone(0.9, 'outside_coverage')).toBe('ok');
    expect(confidenceTone(0.1, 'error')).toBe('danger');
    expect(confidenceTone(0.1, 'failed')).toBe('danger');
  });
  it('shows whole percents, clamped', () => {
    expect(formatConfidence(0.856)).toBe('86%');
    expect(formatConfidence(1.2)).toBe('100%');
    expect(formatConfidence(-1)).toBe('0%');
  });
});

describe('formatting', () => {
  it('coordinates with 6 decimals in details and 4 in lists', () => {
    expect(formatLatLng(25.7907, -80.13)).toBe('25.790700, -80.130000');
    expect(formatLatLng(25.79071234, -80.13, 4)).toBe('25.7907, -80.1300');
  });
  it('radius in metres or kilometres', () => {
    expect(formatRadius(8.4)).toBe('±8 m');
    expect(formatRadius(0.2)).toBe('±1 m');
    expect(formatRadius(999)).toBe('±999 m');
    expect(formatRadius(30_000)).toBe('±30.0 km');
    expect(formatRadius(null)).toBe('unknown');
  });
  it('links to OpenStreetMap with a marker', () => {
    expect(openStreetMapUrl(25.7907, -80.13)).toBe(
      'https://www.openstreetmap.org/?mlat=25.790700&mlon=-80.130000#map=17/25.790700/-80.130000',
    );
  });
  it('says outside coverage plainly, with the real place', () => {
    expect(outcomeText({ outcome: 'outside_coverage', lat: 48.8584, lng: 2.2945 })).toBe(
      'Outside Miami-Dade: this photo was taken outside the county, at 48.8584, 2.2945. It is shown where it was taken.',
    );
    expect(outcomeText({ outcome: 'fallback', lat: 25.7617, lng: -80.1918 })).toMatch(
      /^Not located: .*general Miami area/,
    );
    expect(outcomeText({ outcome: 'error', lat: 25.7617, lng: -80.1918 })).toMatch(/^Not located: /);
  });
});

describe('the spec error table (R-ANALYSIS-6)', () => {
  it.each([
    [{ network: true }, 'Network connection failed. Please check your internet connection.', true],
    [{ status: 0, message: 'Upload timeout' }, 'Analysis timed out. The image may be too complex.', true],
    [{ status: 429, message: 'slow down' }, 'Too many requests. Please wait a moment and try again.', true],
    [{ message: 'upstream said 429' }, 'Too many requests. Please wait a moment and try again.', true],
    [{ status: 401, message: 'Sign in to continue.' }, 'Authentication failed. Please refresh the page.', false],
    [{ status: 403 }, 'Authentication failed. Please refresh the page.', false],
    [{ status: 500 }, 'Server error. Our team has been notified.', true],
    [{ status: 503 }, 'Server error. Our team has been notified.', true],
    [{ status: 418, message: 'I am a teapot' }, 'I am a teapot', false],
    [{ status: 418 }, 'Unknown error occurred', false],
  ])('%o → %s', (input, message, canRetry) => {
    expect(userErrorFor(input)).toEqual({ message, canRetry });
  });
  it('shows the upload refusals (400, 413, 415) as the server says them, without retry', () => {
    const m = '"notes.txt" is not a supported photo. Upload a JPEG, PNG, WebP, HEIC/HEIF, AVIF or TIFF image.';
    expect(userErrorFor({ status: 415, message: m })).toEqual({ message: m, canRetry: false });
    const week = 'You have used all 5 images this week. Your limit resets on Monday, November 23 at 12:00 AM.';
    expect(userErrorFor({ status: 429, message: week, code: 'weekly_limit_reached' })).toEqual({
      message: week,
      canRetry: false,
    });
    expect(userErrorFor({ status: 429, message: 'slow down', code: 'rate_limited' }).message).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(userErrorFor({ status: 413, message: 'Too big.' })).toEqual({ message: 'Too big.', canRetry: false });
    expect(userErrorFor({ status: 400, message: 'Cut off.' })).toEqual({ message: 'Cut off.', canRetry: false });
  });
});
