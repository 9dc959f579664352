import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { CatalogEditorText } from '../texts';
import { offerRules } from '../utils/form-rules';

const numberFields = [
  { name: 'cost', label: CatalogEditorText.cost, rules: offerRules.cost },
  { name: 'designerPrice', label: CatalogEditorText.designerPrice, rules: offerRules.designerPrice },
  { name: 'executionTime', label: CatalogEditorText.executionTime, rules: offerRules.executionTime },
] as const;

/** Titles, descriptions, instruction and the three numbers of a service, an option or a template. */
export function OfferFields({ withStatus }: { withStatus: boolean }) {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label={CatalogEditorText.nameRu}
            name={['title', 'admin']}
            rules={offerRules.titleAdmin}
            required
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={CatalogEditorText.nameEn}
            name={['title', 'user']}
            rules={offerRules.titleUser}
            required
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={CatalogEditorText.descriptionRu}
            name={['description', 'admin']}
            rules={offerRules.descriptionAdmin}
            required
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={CatalogEditorText.descriptionEn}
            name={['description', 'user']}
            rules={offerRules.descriptionUser}
            required
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={CatalogEditorText.instruction}
        name="instruction"
        rules={offerRules.instruction}
        required
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
      </Form.Item>
      <Row gutter={16}>
        {numberFields.map(({ name, label, rules }) => (
          <Col key={name} xs={24} sm={8}>
            <Form.Item label={label} name={name} rules={rules} required>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {withStatus && (
        <Form.Item label={CatalogEditorText.status} name="status" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </>
  );
}
