import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';

/** Key and index attributes of non-entity items; stripped when a record is read back. */
const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'];

export function strip<T>(item: Record<string, unknown>, extra: string[] = []): T {
  const out: Record<string, unknown> = { ...item };
  for (const name of [...KEY_ATTRIBUTES, ...extra]) delete out[name];
  return out as T;
}

export const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

/**
 * Sets the patch's defined fields and removes those given as `undefined`, on an item that must
 * exist. Returns the item after the update, or undefined when there was no such item.
 */
export async function patchItem(
  db: Db,
  key: { pk: string; sk: string },
  patch: Record<string, unknown>,
  protectedFields: string[],
): Promise<Record<string, unknown> | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const set: string[] = [];
  const remove: string[] = [];
  Object.entries(patch).forEach(([field, value], i) => {
    if (protectedFields.includes(field) || KEY_ATTRIBUTES.includes(field)) {
      throw new Error(`field ${field} cannot be changed by a patch`);
    }
    names[`#f${i}`] = field;
    if (value === undefined) remove.push(`#f${i}`);
    else {
      values[`:v${i}`] = value;
      set.push(`#f${i} = :v${i}`);
    }
  });
  const update = [
    set.length ? `SET ${set.join(', ')}` : '',
    remove.length ? `REMOVE ${remove.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (!update) return undefined;
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
