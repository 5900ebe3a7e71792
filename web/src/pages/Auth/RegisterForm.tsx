import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { fieldErrors, type FieldErrors } from '../../features/auth/formErrors';
import { authSchemasForSubmit, loadAuthSchemas } from '../../features/auth/loadAuthSchemas';
import { useRegister } from '../../features/auth/useAuthActions';
import { Form } from './formStyles';

type RegisterField = 'username' | 'password' | 'confirmPassword';

export function RegisterForm() {
  const register = useRegister();
  const [values, setValues] = useState({ username: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await authSchemasForSubmit();
    if (!schemas) return;
    const parsed = schemas.registerFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<RegisterField>(parsed.error.issues));
      return;
    }
    setErrors({});
    // confirmPassword only guards against typos; it is never sent.
    const { username, password } = parsed.data;
    register.mutate({ username, password });
  };

  const update = (field: RegisterField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <Form onSubmit={(event) => void onSubmit(event)} onFocus={() => void loadAuthSchemas().catch(() => undefined)} noValidate aria-label="Register">
      <Field label="Username" name="username" autoComplete="username" placeholder="Choose a username" value={values.username} onChange={update('username')} error={errors.username} />
      <Field label="Password" name="password" type="password" autoComplete="new-password" placeholder="Create a password" value={values.password} onChange={update('password')} error={errors.password} />
      <Field
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        value={values.confirmPassword}
        onChange={update('confirmPassword')}
        error={errors.confirmPassword}
      />
      <Button type="submit" $block $size="lg" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </Form>
  );
}
