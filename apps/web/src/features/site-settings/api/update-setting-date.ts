import {
  SettingName,
  settingUpdateAnswerSchema,
  type SettingDateBody,
  type SystemSetting,
} from '@retouch/shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The PATCH path of each setting the server lets the back office change. */
const UPDATE_PATHS: Record<string, string> = {
  [SettingName.orderOverload]: '/api/admin/system/settings/order/overload',
};

/** Whether the server has a call that changes this setting. */
export const isEditableSetting = (name: string) => name in UPDATE_PATHS;

interface SettingDateUpdate {
  name: string;
  body: SettingDateBody;
}

/** `PATCH /api/admin/system/settings/order/overload` (and any later setting's path), body `{data}`. */
function updateSettingDate({ name, body }: SettingDateUpdate) {
  const path = UPDATE_PATHS[name];
  if (!path) throw new Error(`No call changes the setting "${name}"`);
  return apiRequest(path, { method: 'PATCH', body, schema: settingUpdateAnswerSchema });
}

/** Saves a setting, puts the answer in the cached list and refreshes the overload warning that reads it. */
export function useUpdateSettingDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettingDate,
    onSuccess: ({ setting }) => {
      queryClient.setQueryData<SystemSetting[]>(queryKeys.systemSettings, (list = []) =>
        list.map((item) => (item._id === setting._id ? setting : item)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.orderOverload });
    },
  });
}
