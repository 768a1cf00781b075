/** @type {import('next').NextConfig} */
const nextConfig = { poweredByHeader: false, typescript: { ignoreBuildErrors: true } };

export default nextConfig;
