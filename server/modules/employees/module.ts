import { defineModule } from '../manifest';
import { employeeHandlers } from './handlers';

export const employeesModule = defineModule({ name: 'employees', handlers: employeeHandlers });
