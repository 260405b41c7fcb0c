import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractStatuses } from '../../machines/contract';
import { importStatuses } from '../../machines/import';
import { invoiceStatuses } from '../../machines/invoice';
import { questionnaireStatuses } from '../../machines/questionnaire';
import { recordStatuses } from '../../machines/record';
import { requestStatuses } from '../../machines/request';
import { openTaskStatuses, taskStatuses } from '../../machines/task';
import { violationStatuses } from '../../machines/violation';
import {
  contractStatusEnum,
  importStatusEnum,
  invoiceStatusEnum,
  questionnaireStatusEnum,
  recordStatusEnum,
  requestStatusEnum,
  taskOpenStatusEnum,
  taskStatusEnum,
  violationStatusEnum,
} from '../../server/db/schema';

/**
 * A status exists in three places: the machine, the contract and the database. The machine's list is
 * the source; the database enum is built from it, and the contract must say exactly the same, in the
 * same order (so a migration of an enum and a contract change go together).
 */
const contract = parse(readFileSync(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), 'utf8')) as {
  components: { schemas: Record<string, { enum?: unknown[] }> };
};
const contractEnum = (schema: string) => contract.components.schemas[schema]?.enum;

describe('machine statuses are the contract and the database', () => {
  it.each([
    ['RecordStatus', recordStatuses, recordStatusEnum.enumValues],
    ['TaskStatus', taskStatuses, taskStatusEnum.enumValues],
    ['RequestStatus', requestStatuses, requestStatusEnum.enumValues],
    ['QuestionnaireStatus', questionnaireStatuses, questionnaireStatusEnum.enumValues],
    ['ViolationStatus', violationStatuses, violationStatusEnum.enumValues],
    ['ContractStatus', contractStatuses, contractStatusEnum.enumValues],
    ['ImportStatus', importStatuses, importStatusEnum.enumValues],
    ['InvoiceStatus', invoiceStatuses, invoiceStatusEnum.enumValues],
  ] as const)('%s', (schema, machine, database) => {
    expect(contractEnum(schema)).toEqual([...machine]);
    expect([...database]).toEqual([...machine]);
  });

  it('a task remembers only statuses a deadline can overtake', () => {
    const detail = contract.components.schemas.TaskDetail as unknown as {
      allOf: Array<{ properties?: Record<string, { enum?: unknown[] }> }>;
    };
    const remembered = detail.allOf.flatMap((part) => Object.entries(part.properties ?? {})).find(([name]) => name === 'status_before_expiry')?.[1].enum;
    expect(remembered).toEqual([...openTaskStatuses, null]);
    expect([...taskOpenStatusEnum.enumValues]).toEqual([...openTaskStatuses]);
  });
});
