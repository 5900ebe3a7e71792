import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { fieldErrors, type FieldErrors } from '../../features/auth/formErrors';
import { authSchemasForSubmit, loadAuthSchemas } from '../../features/auth/loadAuthSchemas';
import { useLogin } from '../../features/auth/useAuthActions';
import { Form } from './formStyles';

type LoginField = 'username' | 'password';

export function LoginForm() {
  const login = useLogin();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await authSchemasForSubmit();
    if (!schemas) return;
    const parsed = schemas.loginRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<LoginField>(parsed.error.issues));
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  };

  const update = (field: LoginField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <Form onSubmit={(event) => void onSubmit(event)} onFocus={() => void loadAuthSchemas().catch(() => undefined)} noValidate aria-label="Login">
      <Field label="Username" name="username" autoComplete="username" placeholder="Enter your username" value={values.username} onChange={update('username')} error={errors.username} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" placeholder="Enter your password" value={values.password} onChange={update('password')} error={errors.password} />
      <Button type="submit" $block $size="lg" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
    </Form>
  );
}
