import { describe, expect, it } from 'vitest';
import {
  decimalsOf,
  isFieldComplete,
  isWithinDigitLimits,
  numericDigitLimits,
  numericInputError,
} from './numeric-input.js';

describe('numeric incrementor', () => {
  it.each([
    ['5', {}, null],
    ['', {}, null],
    ['abc', {}, 'invalid value'],
    ['1.2.3', {}, 'invalid value'],
    ['-1', {}, 'min is 0'], // default min 0
    ['1e9', {}, 'invalid value'],
    ['999999', {}, null], // default max unlimited
    ['101', { max: 100 }, 'max is 100'],
    ['100', { max: 100 }, null],
    ['4', { min: 5, max: 10 }, 'min is 5'],
    ['-5', { min: -5, max: 4 }, null],
    ['-6', { min: -5, max: 4 }, 'min is -5'],
    ['.5', { step: 0.5 }, null],
  ])('[NI3] %j with %j gives %j', (text, opts, message) => {
    expect(numericInputError(text, opts)).toBe(message);
  });

  it.each([
    [{ max: 400 }, 3, 0], // "400" has 3 digits; step 1 has 0 decimals
    [{ max: 10000, step: 0.5 }, 5, 1],
    [{ step: 0.25 }, 20, 2], // unbounded → 20
    [{ max: 4, min: -5 }, 1, 0],
    [{ max: Number.POSITIVE_INFINITY, step: 1e-7 }, 20, 7],
  ])('[NI1] %j allows %s integer and %s fraction digits', (opts, integerDigits, fractionDigits) => {
    expect(numericDigitLimits(opts)).toEqual({ integerDigits, fractionDigits });
  });

  it.each([
    ['400', { max: 400 }, true],
    ['4000', { max: 400 }, false],
    ['12.5', { max: 400, step: 0.5 }, true],
    ['12.55', { max: 400, step: 0.5 }, false],
    ['-5', { min: -5, max: 4 }, true],
    ['x', {}, false],
  ])('[NI2] %j within %j: %s', (text, opts, ok) => {
    expect(isWithinDigitLimits(text, opts)).toBe(ok);
  });

  it('[NI1] counts the decimals of a step', () => {
    expect([decimalsOf(1), decimalsOf(0.5), decimalsOf(0.25), decimalsOf(1e-7)]).toEqual([0, 1, 2, 7]);
  });

  it.each([
    ['x', true, true],
    ['', true, false],
    ['  ', true, false],
    [null, true, false],
    [[], true, false],
    [Number.NaN, true, false],
    [0, true, true],
    ['', false, true], // optional and empty
    [undefined, undefined, false], // required defaults to true
  ])('[NI4] %j required %s is complete: %s', (value, required, complete) => {
    expect(isFieldComplete(value, required)).toBe(complete);
  });
});
