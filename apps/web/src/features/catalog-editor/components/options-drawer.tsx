import type { AdminService } from '@retouch/shared/catalog';
import { BREAKPOINTS } from '@retouch/shared/constants';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex } from 'antd';
import { useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { CatalogEditorText } from '../texts';
import { OptionFormModal, type OptionFormTarget } from './option-form-modal';
import { OptionsTable } from './options-table';

/** The nested editor of one service's options (back-office section 2). */
export function OptionsDrawer({ service, onClose }: { service: AdminService; onClose: () => void }) {
  const [formTarget, setFormTarget] = useState<OptionFormTarget | null>(null);
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.wide}px)`);
  return (
    <Drawer
      open
      title={`${CatalogEditorText.optionsTitle}: ${service.title.admin}`}
      size={narrow ? '100%' : 'large'}
      onClose={onClose}
    >
      <Flex vertical gap="middle">
        <Flex justify="end">
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setFormTarget({ kind: 'add', serviceId: service._id })}
          >
            {CatalogEditorText.addOption}
          </Button>
        </Flex>
        {formTarget === null && (
          <OptionsTable
            options={service.optional}
            onEdit={(option) => setFormTarget({ kind: 'edit', option })}
          />
        )}
      </Flex>
      {formTarget && <OptionFormModal target={formTarget} onClose={() => setFormTarget(null)} />}
    </Drawer>
  );
}
