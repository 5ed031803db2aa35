/**
 * The variants of an uploaded image were recorded (ready or failed), after the commit. In-process: the
 * public content cache listens (the content snapshot lists the variants of the images it shows).
 */
export class MediaVariantsChanged {
  constructor(readonly name: string) {}
}
