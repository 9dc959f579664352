import { CatalogNotice, type OptionTemplate } from '@retouch/shared/catalog';
import { AdminText } from '@retouch/shared/texts';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Modal, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DeleteRowButton } from '@/components/editable-table/delete-row-button';
import { LoadError } from '@/components/load-error';
import { useDeleteOptionTemplate } from '../api/delete-option-template';
import { useOptionTemplates } from '../api/get-option-templates';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorLabel, CatalogEditorText } from '../texts';
import { TemplateFormModal } from './template-form-modal';

type TemplateFormTarget = { template: OptionTemplate | null };

/** The option template editor: list, add, edit and delete. */
export function TemplatesModal({ onClose }: { onClose: () => void }) {
  const notice = useCatalogNotice();
  const templates = useOptionTemplates();
  const deleteTemplate = useDeleteOptionTemplate();
  const [formTarget, setFormTarget] = useState<TemplateFormTarget | null>(null);

  const remove = (template: OptionTemplate) =>
    deleteTemplate.mutateAsync(template._id).then(
      () => notice.success(CatalogNotice.deleted),
      () => notice.failure(CatalogNotice.somethingWrong),
    );

  const columns: TableColumnsType<OptionTemplate> = [
    { key: 'title', title: CatalogEditorText.name, render: (_, template) => template.title.admin },
    { key: 'cost', title: CatalogEditorText.cost, dataIndex: 'cost' },
    { key: 'designerPrice', title: CatalogEditorText.designerPrice, dataIndex: 'designerPrice' },
    { key: 'executionTime', title: CatalogEditorText.executionTime, dataIndex: 'executionTime' },
    {
      key: 'actions',
      title: CatalogEditorText.actions,
      render: (_, template) => (
        <Space>
          <Button
            icon={<EditOutlined aria-hidden />}
            aria-label={CatalogEditorLabel.edit(template.title.admin)}
            onClick={() => setFormTarget({ template })}
          />
          <DeleteRowButton
            question={CatalogEditorText.deleteTemplateConfirm}
            confirmTexts={{ ok: CatalogEditorText.delete, cancel: CatalogEditorText.cancel }}
            ariaLabel={CatalogEditorLabel.delete(template.title.admin)}
            onConfirm={() => remove(template)}
          />
        </Space>
      ),
    },
  ];

  const list = templates.isPending ? (
    <Skeleton active />
  ) : templates.isError ? (
    <LoadError
      title={AdminText.somethingWrong}
      retryLabel={AdminText.tryAgain}
      onRetry={() => void templates.refetch()}
    />
  ) : (
    <Table<OptionTemplate>
      rowKey="_id"
      columns={columns}
      dataSource={templates.data}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={CatalogEditorText.noTemplates} /> }}
    />
  );

  return (
    <Modal open title={CatalogEditorText.templatesTitle} footer={null} onCancel={onClose} width={900}>
      <Flex vertical gap="middle">
        <Flex justify="end">
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setFormTarget({ template: null })}
          >
            {CatalogEditorText.addTemplate}
          </Button>
        </Flex>
        {formTarget === null && list}
      </Flex>
      {formTarget && <TemplateFormModal template={formTarget.template} onClose={() => setFormTarget(null)} />}
    </Modal>
  );
}
