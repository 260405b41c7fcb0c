import type { Entity, ImportEntity } from '../kit';
import { bankStatementEntity } from './bank-statement';
import { employeesEntity } from './employees';
import { leasesEntity } from './leases';
import { meterReadingsEntity } from './meter-readings';
import { metersEntity } from './meters';
import { tenantsEntity } from './tenants';
import { unitsEntity } from './units';

/** Every importable entity, each described once in its own file. */
export const entities: Record<ImportEntity, Entity> = {
  tenants: tenantsEntity,
  units: unitsEntity,
  employees: employeesEntity,
  leases: leasesEntity,
  bank_statement: bankStatementEntity,
  meters: metersEntity,
  meter_readings: meterReadingsEntity,
};
