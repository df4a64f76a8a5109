import {
  AdditiveBlending,
  AmbientLight,
  Color,
  DynamicDrawUsage,
  InstancedMesh,
  Matrix4,
  MeshPhongMaterial,
  PerspectiveCamera,
  PointLight,
  Quaternion,
  Scene,
  SphereGeometry,
  Vector3,
  WebGLRenderer,
} from 'three';

// The original site's constants (docs/product.md, "Behaviour kept from the original site").
const SPHERE_COUNT = 300;
const BOX = { x: 200, y: 200, z: 50 };
const SCALE = { min: 0.5, max: 3 };
const CAMERA = { fov: 45, z: 50 };
/** How far the pointer moves the scene: its offset from the centre, times both. */
const PARALLAX = { factor: 0.002, range: 50 };
/** Radians per frame. */
const ROTATION = { x: 0.0005, y: 0.001 };
const MAX_PIXEL_RATIO = 1.5;
const PALETTE = ['#ffd35c', '#f06d9b', '#8f6ad6', '#5fc7d6', '#ffffff'];

export type SphereScene = { setRunning: (running: boolean) => void; dispose: () => void };

/** 300 translucent spheres drawn as ONE instanced mesh (one draw call). */
export function startSphereScene(canvas: HTMLCanvasElement): SphereScene {
  const renderer = new WebGLRenderer({ canvas, alpha: true, antialias: false, powerPreference: 'low-power' });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, MAX_PIXEL_RATIO));
  renderer.setSize(window.innerWidth, window.innerHeight, false);

  const scene = new Scene();
  const camera = new PerspectiveCamera(CAMERA.fov, window.innerWidth / window.innerHeight, 0.1, 1000);
  camera.position.z = CAMERA.z;

  scene.add(new AmbientLight(0xffffff, 1.2));
  const light = new PointLight(0xffffff, 2, 0, 0);
  light.position.set(0, 0, 60);
  scene.add(light);

  const geometry = new SphereGeometry(1, 20, 14);
  const material = new MeshPhongMaterial({
    transparent: true,
    opacity: 0.45,
    shininess: 80,
    blending: AdditiveBlending,
    depthWrite: false,
  });
  const mesh = new InstancedMesh(geometry, material, SPHERE_COUNT);
  mesh.instanceMatrix.setUsage(DynamicDrawUsage);

  const matrix = new Matrix4();
  const position = new Vector3();
  const rotation = new Quaternion();
  const scale = new Vector3();
  const color = new Color();
  for (let i = 0; i < SPHERE_COUNT; i++) {
    position.set((Math.random() - 0.5) * BOX.x, (Math.random() - 0.5) * BOX.y, (Math.random() - 0.5) * BOX.z);
    const size = SCALE.min + Math.random() * (SCALE.max - SCALE.min);
    scale.set(size, size, size);
    matrix.compose(position, rotation, scale);
    mesh.setMatrixAt(i, matrix);
    mesh.setColorAt(i, color.set(PALETTE[i % PALETTE.length] ?? '#ffffff'));
  }
  scene.add(mesh);

  const pointer = { x: 0, y: 0 };
  const onPointerMove = (event: PointerEvent) => {
    pointer.x = (event.clientX - window.innerWidth / 2) * PARALLAX.factor * PARALLAX.range;
    pointer.y = (event.clientY - window.innerHeight / 2) * PARALLAX.factor * PARALLAX.range;
  };
  const onResize = () => {
    camera.aspect = window.innerWidth / window.innerHeight;
    camera.updateProjectionMatrix();
    renderer.setSize(window.innerWidth, window.innerHeight, false);
    if (!running) renderer.render(scene, camera);
  };

  let running = false;
  let wanted = true;
  let frame = 0;
  const tick = () => {
    mesh.rotation.y += ROTATION.y;
    mesh.rotation.x += ROTATION.x;
    camera.position.x += (pointer.x - camera.position.x) * 0.05;
    camera.position.y += (-pointer.y - camera.position.y) * 0.05;
    camera.lookAt(scene.position);
    renderer.render(scene, camera);
    frame = requestAnimationFrame(tick);
  };
  const update = () => {
    const shouldRun = wanted && document.visibilityState === 'visible';
    if (shouldRun === running) return;
    running = shouldRun;
    if (running) frame = requestAnimationFrame(tick);
    else cancelAnimationFrame(frame);
  };

  window.addEventListener('pointermove', onPointerMove, { passive: true });
  window.addEventListener('resize', onResize);
  document.addEventListener('visibilitychange', update);
  renderer.render(scene, camera);
  update();

  return {
    setRunning(next) {
      wanted = next;
      update();
    },
    dispose() {
      wanted = false;
      update();
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', update);
      geometry.dispose();
      material.dispose();
      mesh.dispose();
      renderer.dispose();
    },
  };
}
