import { RegistrationText, registrationSchema } from '@retouch/shared/auth';
import { CustomerText } from '@retouch/shared/texts';
import { App, Button, Checkbox, Form, Input, Typography, type FormRule } from 'antd';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/schema-rule';
import { setPendingRegistration } from '@/lib/session/pending-registration';
import { useRegister } from '../api/register';

interface RegisterValues {
  giveName: string;
  familyName: string;
  email: string;
  password: string;
  confirm: string;
  agreement: boolean;
}

// The e-mail and the password are checked by the shared schema the server applies, with its texts.
const emailRule = schemaRule(registrationSchema.shape.email);
const passwordRule = schemaRule(registrationSchema.shape.password);

const confirmRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: string | undefined) =>
    !value || getFieldValue('password') === value
      ? Promise.resolve()
      : Promise.reject(new Error(CustomerText.twoInputsDontMatch)),
});

const agreementRule: FormRule = {
  validator: (_, value: boolean | undefined) =>
    value ? Promise.resolve() : Promise.reject(new Error(CustomerText.termsNotAgreed)),
};

/**
 * Registration; on success the answer is kept as pending registration data and the visitor goes to
 * /login, told to check the mailbox (a taken e-mail is answered alike: its owner gets the mail).
 */
export function RegisterForm() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const register = useRegister();

  const submit = (values: RegisterValues) =>
    register.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        name: { giveName: values.giveName.trim(), familyName: values.familyName.trim() },
      },
      {
        onSuccess: (pending) => {
          setPendingRegistration(pending);
          notification.success({
            title: RegistrationText.checkMailbox,
            description: RegistrationText.checkMailboxDetail,
          });
          void navigate('/login');
        },
        onError: (error) =>
          notification.error({
            title: CustomerText.error,
            description: errorMessage(error, CustomerText.registrationError, CustomerText.somethingWrong),
          }),
      },
    );

  return (
    <Form<RegisterValues> layout="vertical" onFinish={submit}>
      <Form.Item
        label={CustomerText.firstName}
        name="giveName"
        rules={[{ required: true, whitespace: true, message: CustomerText.firstNameRequired }]}
      >
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item
        label={CustomerText.lastName}
        name="familyName"
        rules={[{ required: true, whitespace: true, message: CustomerText.lastNameRequired }]}
      >
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item label={CustomerText.email} name="email" required rules={[emailRule]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label={CustomerText.password} name="password" hasFeedback required rules={[passwordRule]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={CustomerText.confirmPassword}
        name="confirm"
        dependencies={['password']}
        hasFeedback
        rules={[{ required: true, message: CustomerText.passwordAgainRequired }, confirmRule]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="agreement" valuePropName="checked" rules={[agreementRule]}>
        <Checkbox>{CustomerText.agreeToTerms}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={register.isPending}>
        {CustomerText.register}
      </Button>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/login">{CustomerText.login}</Link>
      </Typography.Paragraph>
    </Form>
  );
}
