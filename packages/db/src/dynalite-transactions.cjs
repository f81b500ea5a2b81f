// TransactWriteItems for dynalite, which has no transactions (DynamoDB Local and DynamoDB do).
// Plain CommonJS: dynalite is CommonJS, and the local runtime loads this in its dynalite worker
// thread, which has no TypeScript loader. Used by the local runtime and the test engines only.
//
// Semantics follow DynamoDB's: up to 100 Put, Delete or ConditionCheck items (Update is not
// supported here: the code never sends one in a transaction), no two on one item, every
// condition checked under the items' locks, and then either all the writes or none. The writes
// go to LevelDB in one batch, so even a process killed mid-write leaves all or nothing. A failed
// condition answers TransactionCanceledException with one cancellation reason per item.
const dynalite = require('dynalite');
const db = require('dynalite/db');
const validations = require('dynalite/validations');

const TARGET = 'DynamoDB_20120810.TransactWriteItems';
const MAX_ITEMS = 100;
const checks = {
  Put: require('dynalite/validations/putItem'),
  Delete: require('dynalite/validations/deleteItem'),
  ConditionCheck: require('dynalite/validations/deleteItem'),
};

/** dynalite's server, answering TransactWriteItems too. */
function dynaliteWithTransactions(options) {
  // dynalite builds its store inside; it is caught on its way out to serve transactions from it.
  const create = db.create;
  let store;
  db.create = (o) => {
    store = create(o);
    return store;
  };
  let server;
  try {
    server = dynalite(options);
  } finally {
    db.create = create;
  }
  const [handle] = server.listeners('request');
  server.removeAllListeners('request');
  server.on('request', (req, res) => {
    if (req.headers['x-amz-target'] !== TARGET) return handle(req, res);
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, 400, { __type: 'com.amazon.coral.service#SerializationException' });
      }
      transactWrite(store, body).then(
        (out) => send(res, 200, out),
        (err) => {
          if (err.statusCode) return send(res, err.statusCode, err.body);
          send(res, 500, {
            __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
            message: String(err),
          });
        },
      );
    });
  });
  return server;
}

function send(res, status, data) {
  const body = JSON.stringify(data);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/x-amz-json-1.0');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

const call = (fn, ...args) =>
  new Promise((resolve, reject) => fn(...args, (err, value) => (err ? reject(err) : resolve(value))));

async function transactWrite(store, body) {
  const items = Array.isArray(body.TransactItems) ? body.TransactItems : [];
  if (items.length === 0 || items.length > MAX_ITEMS) {
    throw db.validationError(`TransactItems must have between 1 and ${MAX_ITEMS} items`);
  }
  const ops = items.map((entry) => {
    const kind = Object.keys(entry)[0];
    if (!checks[kind]) throw db.validationError(`${kind} is not supported in a transaction here`);
    const data = validations.checkTypes({ ...entry[kind] }, checks[kind].types);
    validations.checkValidations(data, checks[kind].types, checks[kind].custom, store);
    return { kind, data };
  });
  const tableName = ops[0].data.TableName;
  if (ops.some((o) => o.data.TableName !== tableName)) {
    throw db.validationError('This emulator takes transactions on one table only');
  }
  const table = await call(store.getTable, tableName, false);
  for (const op of ops) op.key = db.createKey(op.kind === 'Put' ? op.data.Item : op.data.Key, table);
  if (new Set(ops.map((o) => o.key)).size !== ops.length) {
    throw db.validationError('Transaction request cannot include multiple operations on one item');
  }
  const itemDb = store.getItemDb(tableName);
  const release = await new Promise((resolve) =>
    itemDb.lock(
      ops.map((o) => o.key),
      (releaser) => resolve(releaser),
    ),
  );
  return new Promise((resolve, reject) => {
    const done = release((err, value) => (err ? reject(err) : resolve(value)));
    commit(store, table, itemDb, ops, body).then((v) => done(null, v), done);
  });
}

async function commit(store, table, itemDb, ops, body) {
  const existing = await Promise.all(
    ops.map((o) =>
      call(itemDb.get, o.key).catch((err) => {
        if (err.name === 'NotFoundError' || err.code === 'LEVEL_NOT_FOUND') return undefined;
        throw err;
      }),
    ),
  );
  const reasons = ops.map((o, i) => {
    if (db.checkConditional(o.data, existing[i]) == null) return { Code: 'None' };
    const reason = { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' };
    if (o.data.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && existing[i]) reason.Item = existing[i];
    return reason;
  });
  if (reasons.some((r) => r.Code !== 'None')) {
    const err = new Error('Transaction cancelled');
    err.statusCode = 400;
    err.body = {
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
      CancellationReasons: reasons,
    };
    throw err;
  }
  const batch = [];
  let units = 0;
  ops.forEach((o, i) => {
    const next = o.kind === 'Put' ? o.data.Item : o.kind === 'Delete' ? null : undefined;
    // A transaction costs twice the units of the same writes made one by one.
    units += 2 * Math.max(db.capacityUnits(next ?? undefined), db.capacityUnits(existing[i]));
    if (next === undefined) return;
    for (const indexType of ['Local', 'Global']) {
      const indexes = table[`${indexType}SecondaryIndexes`] || [];
      const actions = db.getIndexActions(indexes, existing[i], next, table);
      const prefix = (index) => `index-${indexType.toLowerCase()}~${table.TableName}~${index}~`;
      for (const a of actions.deletes) batch.push({ type: 'del', key: prefix(a.index) + a.key });
      for (const a of actions.puts) batch.push({ type: 'put', key: prefix(a.index) + a.key, value: a.item });
    }
    const key = `item-${table.TableName}~${o.key}`;
    batch.push(next ? { type: 'put', key, value: next } : { type: 'del', key });
  });
  // One LevelDB batch: all of it lands, or none of it.
  await call(store.db.batch.bind(store.db), batch);
  return ['TOTAL', 'INDEXES'].includes(body.ReturnConsumedCapacity)
    ? { ConsumedCapacity: [{ TableName: table.TableName, CapacityUnits: units, WriteCapacityUnits: units }] }
    : {};
}

module.exports = { dynaliteWithTransactions };
