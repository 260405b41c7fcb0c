import type { HandlersOf } from './contract';
import { AppError } from './errors';

/** Operations of spec §7 whose module comes later: in the contract, answering 501 until then. */
const later = ['listAllUsers', 'listEmployeeNotifications', 'sendEmployeeNotification', 'exportEmployeeNotifications', 'getEmployeeNotification'] as const;

export function notImplementedHandlers(): HandlersOf<(typeof later)[number]> {
  const handler = async () => {
    throw new AppError(501, 'not_implemented');
  };
  return Object.fromEntries(later.map((op) => [op, handler])) as unknown as HandlersOf<(typeof later)[number]>;
}

/** Such an operation that takes files answers 501 before its body is read. */
export const notImplementedUploadGates = {
  sendEmployeeNotification: async () => {
    throw new AppError(501, 'not_implemented');
  },
};
