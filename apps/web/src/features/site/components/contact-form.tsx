import {
  contactFormError,
  type FeedbackBody,
  MAX_FEEDBACK_EMAIL_LENGTH,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_FEEDBACK_NAME_LENGTH,
} from '@retouch/shared/site';
import { CustomerText } from '@retouch/shared/texts';
import { Alert, App, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useSendFeedback } from '../api/send-feedback';
import { SiteText } from '../texts';

type ContactValues = FeedbackBody & { consent: boolean };

/**
 * The contact form (customer side sections 2 and 5): one message for the first failing check, in
 * the specification's order (every field filled, then the consent); the server's text on success.
 */
export function ContactForm() {
  const { notification } = App.useApp();
  const [form] = Form.useForm<ContactValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendFeedback();

  const submit = (values: Partial<ContactValues>) => {
    const failed = contactFormError(values);
    setProblem(failed);
    if (failed) return;
    send.mutate(
      {
        name: values.name?.trim() ?? '',
        email: values.email?.trim() ?? '',
        message: values.message?.trim() ?? '',
      },
      {
        onSuccess: (answer) => {
          form.resetFields();
          notification.success({ title: CustomerText.success, description: answer.message });
        },
        onError: (error) => setProblem(errorMessage(error, CustomerText.somethingWrong)),
      },
    );
  };

  return (
    // The form checks itself in the specification's order; the browser's own e-mail check would come first.
    <Form<ContactValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ consent: false }}
      noValidate
    >
      <Form.Item label={SiteText.name} name="name">
        <Input autoComplete="name" maxLength={MAX_FEEDBACK_NAME_LENGTH} />
      </Form.Item>
      <Form.Item label={SiteText.email} name="email">
        <Input type="email" autoComplete="email" maxLength={MAX_FEEDBACK_EMAIL_LENGTH} />
      </Form.Item>
      <Form.Item label={SiteText.message} name="message">
        <Input.TextArea rows={6} maxLength={MAX_FEEDBACK_MESSAGE_LENGTH} />
      </Form.Item>
      <Form.Item name="consent" valuePropName="checked">
        <Checkbox>
          {SiteText.consentStart}
          <Link to="/terms-of-use">{SiteText.termsOfUse.toLowerCase()}</Link>
          {SiteText.consentAnd}
          <Link to="/privacy-policy">{SiteText.privacyPolicy.toLowerCase()}</Link>
        </Checkbox>
      </Form.Item>
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        {SiteText.send}
      </Button>
    </Form>
  );
}
