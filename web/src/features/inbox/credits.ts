import './strings.ts';
/**
 * Buying message credits (spec 000 sections 5 and 9): a whole number, at least 100 and below
 * 50,000 (default 1,000); the cost is quantity x amount x (1 + taxPercentage) to 2 decimals,
 * labelled 'inc. VAT' for GB languages and '+ TAX' otherwise.
 */
import { Credits } from '@roundwise/core';

const CREDITS_MIN = Credits.PURCHASE_MIN;
const CREDITS_BELOW = Credits.PURCHASE_MAX_EXCLUSIVE;

export type QuantityError =
  | { key: 'enter.whole-number' }
  | { key: 'enter.at-least'; params: { min: string } }
  | { key: 'enter.less-than'; params: { max: string } };

/** The quantity typed, or the `enter.{token}` rule it breaks. */
export function checkQuantity(text: string): { quantity: number } | { error: QuantityError } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { error: { key: 'enter.whole-number' } };
  const quantity = Number(trimmed);
  if (quantity < CREDITS_MIN)
    return { error: { key: 'enter.at-least', params: { min: CREDITS_MIN.toLocaleString('en-GB') } } };
  if (quantity >= CREDITS_BELOW)
    return { error: { key: 'enter.less-than', params: { max: CREDITS_BELOW.toLocaleString('en-GB') } } };
  return { quantity };
}

/** 'inc. VAT' for a GB language (en-GB, cy-GB...), '+ TAX' otherwise. */
export const costLabelKey = (language: string) =>
  /-GB$/i.test(language) ? 'credits.cost-inc-vat' : 'credits.cost-plus-tax';
