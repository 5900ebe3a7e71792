import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router';
import { adminAuthRequestSchema, BRAND } from '@pog/common';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { SignInCard, SignInTitle } from '../../components/SignInCard';
import { ADMIN_TEXT } from '../../features/admin/messages';
import { useAdminLogin } from '../../features/admin/mutations';
import { usePageTitle } from '../../hooks/usePageTitle';

const Screen = styled.main`
  flex: 1;
  display: grid;
  place-items: center;
  min-height: 100vh;
  padding: 2rem 1rem;
`;

const Card = styled(SignInCard)`
  width: min(420px, 100%);
`;

const Title = styled(SignInTitle)`
  text-align: center;
`;

const Lead = styled.p`
  margin-top: -0.75rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Form = styled.form`
  display: grid;
  gap: 1rem;
`;

const Back = styled(Link)`
  justify-self: center;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The admin password screen, shown without the main layout (product spec: screens, Admin login). */
export default function AdminLoginPage() {
  usePageTitle('Admin Login');
  const login = useAdminLogin();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminAuthRequestSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    login.mutate(parsed.data.password);
  };

  return (
    <Screen>
      <Card aria-labelledby="admin-login-title">
        <Title id="admin-login-title">Admin Login</Title>
        <Lead>Enter the admin password to moderate {BRAND}.</Lead>
        <Form onSubmit={onSubmit} noValidate aria-label="Admin login">
          <Field
            label="Admin Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error}
          />
          <Button type="submit" $block $size="lg" disabled={login.isPending}>
            {login.isPending ? ADMIN_TEXT.loginBusy : ADMIN_TEXT.loginSubmit}
          </Button>
        </Form>
        <Back to="/">Back to {BRAND}</Back>
      </Card>
    </Screen>
  );
}
