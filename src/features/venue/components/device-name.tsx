import { deviceNameSchema } from '@domain/venue';
import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { nameDevice } from '../utils/device-id';

/**
 * Naming this device, once ("Hall phone 2"): every screen, the admin and the other phones then say
 * which phone did what by this name. Also used to rename it.
 */
export function DeviceNameForm({ current, onDone }: { current: string | null; onDone?: () => void }) {
  const [name, setName] = useState(current ?? '');
  const form = useFieldErrors();

  function save() {
    const parsed = deviceNameSchema.safeParse(name);
    if (!parsed.success) return form.show({ deviceName: parsed.error.issues[0]?.message ?? 'Enter the device’s name.' });
    nameDevice(parsed.data);
    onDone?.();
  }

  return (
    <Form className="form venue-device-name" onSubmit={save}>
      <FormField
        label="This device’s name"
        hint="A name the team will recognise, such as “Hall phone 2” or “Desk tablet”. Shown with every record made on it."
        {...form.field('deviceName')}
      >
        {(control) => (
          <input
            {...control}
            value={name}
            maxLength={40}
            autoComplete="off"
            onChange={(e) => {
              setName(e.target.value);
              form.clear('deviceName');
            }}
          />
        )}
      </FormField>
      <SubmitButton>{current ? 'Save the new name' : 'Name this device'}</SubmitButton>
    </Form>
  );
}
